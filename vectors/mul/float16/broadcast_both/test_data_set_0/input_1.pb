
BBJß.F1GPµï