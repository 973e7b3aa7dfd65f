
BAJÝc