BCJx`^\\^^\ZZ\[YWWY\`__]Z^]][W[ZZX]]^][[[\[YXXYXV[^\Z]Y\ZX[VYWUX,*((*

igeeg(,++)
eihhf))*)'	ffgfd'*(&)	
dgecf