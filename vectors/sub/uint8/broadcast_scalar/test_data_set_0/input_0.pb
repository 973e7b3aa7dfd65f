BAJ^	L*ME
P;;