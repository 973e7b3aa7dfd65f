
BCJ-¨9oBm Å:£Z_!L	w9útè