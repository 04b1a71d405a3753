# A block whose last line ends with ";" ends after the ";".
if x:
    a = 1;
for i in y: b = 2; c = 3;
def f(): return 1;
while x:
    if y:
        pass;
