
BBJÐ>33nkf