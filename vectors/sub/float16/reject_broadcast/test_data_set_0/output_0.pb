
BCJ0юUdЦeФд{Gн„ХBanFЖ„ХЉpЛZтЗ„ХeФЄGЖ‹ХeФuЂEЖ„ХeФХG