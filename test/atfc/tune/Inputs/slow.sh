# A slow program: each configuration takes half a second, and the first
# measurement leaves the file $STARTED behind.
#atf::tp name X range interval<int>(1, 100)
#atf::run_script "touch \"$STARTED\"; sleep 0.5; echo $X > cost"
#atf::cost_file "cost"
