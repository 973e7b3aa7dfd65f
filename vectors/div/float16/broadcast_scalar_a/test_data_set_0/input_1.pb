
BBJd´ ebAýç°øKé±Ä¡b“qöµM#‚