BAJ

;D¥¡Nîc