BBJææ
Ñen