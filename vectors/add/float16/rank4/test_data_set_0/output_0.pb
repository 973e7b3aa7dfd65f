
BCJ0КсЬк®JRFс5ґZяfк;$МВ/вUiT2p¬X»uH+?kBxKзцњ}Єsјыё