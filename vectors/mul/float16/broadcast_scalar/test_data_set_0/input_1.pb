
BBJ/ä