
BAJ¡–