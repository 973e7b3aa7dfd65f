
BBJ‡¡ÄBIqðQÊ!Å