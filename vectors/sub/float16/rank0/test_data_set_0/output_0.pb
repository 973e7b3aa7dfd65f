
BCJ/Ø