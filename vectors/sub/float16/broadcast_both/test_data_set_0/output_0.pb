
BCJ¤TÊ—ÑxU˜UBaÏlV‹U@”Ï_V