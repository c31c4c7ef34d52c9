#atf::tp name "X"
    range {1, 2}
    constraint X > 1 \
 && X < 3
#atf::ocl::device_info vendor "A" type "GPU" id 0
#atf::check gold "g.bin" tolerance 1e-3
