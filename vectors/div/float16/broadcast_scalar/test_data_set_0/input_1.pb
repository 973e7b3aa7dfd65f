
BBJ8"