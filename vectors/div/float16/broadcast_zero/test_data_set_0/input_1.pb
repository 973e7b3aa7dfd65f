
BBJÀæã	CR