
BCJ’ÿ