
BAJ
¶