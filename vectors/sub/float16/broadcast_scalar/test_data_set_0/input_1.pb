
BBJ¬$