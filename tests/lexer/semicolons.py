x = 1; y = 2;
if x: y = 3; z = 4
class C: pass
