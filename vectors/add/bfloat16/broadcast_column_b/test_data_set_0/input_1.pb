BBJ
³jk‘6TR