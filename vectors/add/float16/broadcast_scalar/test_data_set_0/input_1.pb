
BBJ½Å