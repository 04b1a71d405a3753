# Tabs count to the next multiple of 8 and must agree with the count
# where a tab is one column: these lines are all consistent.
if a:
	b = 1
	if c:
		d = 2
		if e:
		    f = 3
	g = 4
if h:
  	i = 5
  	if j:
  	  k = 6
l = 7
