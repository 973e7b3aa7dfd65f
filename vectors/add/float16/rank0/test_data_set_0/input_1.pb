
BBJ€