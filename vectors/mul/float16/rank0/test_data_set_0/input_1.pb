
BBJg^