
BBJüB8h™”Y