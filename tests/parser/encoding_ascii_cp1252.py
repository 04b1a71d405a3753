# -*- coding: cp1252 -*-
# An ASCII file reads the same in any 8-bit encoding it declares.
x = 1
