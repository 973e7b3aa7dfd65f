BAJ#!!=@YIM'URXEFB0F
A7Vb9:<=)