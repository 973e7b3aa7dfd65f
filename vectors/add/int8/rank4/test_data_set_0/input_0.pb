BAJ
:H)F9Q0QQ^N\ZIR