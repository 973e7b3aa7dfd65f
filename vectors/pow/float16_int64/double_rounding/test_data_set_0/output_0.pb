
BCJsL╧ЧDТAЙERд/еб?