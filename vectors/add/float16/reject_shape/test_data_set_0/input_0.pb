
BAJfÖ}TÜÓ×Ã:©,!f¬JjfGŽD