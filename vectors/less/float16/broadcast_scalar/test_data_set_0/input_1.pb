
BBJø