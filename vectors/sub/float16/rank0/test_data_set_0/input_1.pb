
BBJ/X