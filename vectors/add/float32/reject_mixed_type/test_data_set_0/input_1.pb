
BBJž’[rpÛO°tMØ