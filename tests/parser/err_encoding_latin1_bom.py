# coding: latin-1
x = 1
