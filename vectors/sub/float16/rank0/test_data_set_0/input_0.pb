
BAJÞ