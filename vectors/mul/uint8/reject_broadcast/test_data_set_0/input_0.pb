BAJQ"CX$O3"FH*N
6FJ_