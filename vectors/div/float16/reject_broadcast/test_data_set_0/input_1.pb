
BBJêe1~
c–