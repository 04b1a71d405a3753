x = '\N'
y = '\N{EURO SIGN'
z = '\N{}'
