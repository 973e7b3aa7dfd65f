
BAJ×