BAJ÷
g.‹T¹