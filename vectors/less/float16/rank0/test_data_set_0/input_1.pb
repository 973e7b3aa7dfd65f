
BBJhé