
BBJ
•M†bIøÈ§e