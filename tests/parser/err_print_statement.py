print "hello"
