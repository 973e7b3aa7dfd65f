
BBJ¸úH'!R