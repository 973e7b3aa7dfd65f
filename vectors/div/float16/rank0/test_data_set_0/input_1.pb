
BBJüÖ