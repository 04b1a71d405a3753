# -*- coding: latin-1 -*-
# A Latin-1 file (PEP 263) is read as the text it declares.
s = "café"
été = s
