
BCJFщd1ф»bРkзS√ЉпkКl}l:ml}lИl;<*F–є8П§fOcsss≥тsss"ікиrvУ##O#