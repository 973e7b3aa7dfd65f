
BBJuуF]│uLtкв╒Б