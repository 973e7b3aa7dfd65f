
BBJ
uVæåÿ¿µkk