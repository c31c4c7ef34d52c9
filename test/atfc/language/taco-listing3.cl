// TACO 2021, Listing 3, as printed (minus the line numbers and the "..."
// placeholders: MWG's "&& ..." and the kernel's parameters and body). The
// "OpenCL-specific directives" that the listing omits (its line 21) follow
// it. Check accepts the listing; tuning runs with M = N = K = 8.
// RUN: %atfc check %s 2>&1 | FileCheck %s
// CHECK:      group 1: VWM MDIMC MWG
// CHECK:      MDIMC : unsigned long in interval<size_t>( 1,M )
// CHECK-NEXT: constraint names ocl::max_wi_size_0
// CHECK-NEXT: bound  less_than_or_eq(atf::ocl::max_wi_size_0)
// CHECK:      MWG : unsigned long in interval<size_t>( 1,M )
// CHECK-NEXT: constraint names VWM, MDIMC
// CHECK-NEXT: loop   multiple_of(MDIMC*VWM)
// RUN: rm -rf %t && mkdir -p %t && cp %s %t/gemm.cl
// RUN: %atfc tune %t/gemm.cl --abort-condition "evaluations(3)" -- 8 8 8 | FileCheck %s --check-prefix=TUNE
// TUNE: done after 3 evaluations
#atf::var::M      $1 // first  command line argument
#atf::var::N      $2 // second command line argument
#atf::var::K      $3 // third  command line argument

#atf::tp name     "VWM" // vector width
  range         {1, 2, 4, 8}

#atf::tp name     "MDIMC" // local size
  range         interval<size_t>( 1,M )
  constraint     less_than_or_eq( atf::ocl::max_wi_size_0 )

#atf::tp name     "MWG" // tile size
  range         interval<size_t>( 1,M )
  constraint     multiple_of( MDIMC*VWM )

// 13 further tuning parameter

#atf::search_technique simulated_annealing
#atf::abort_condition  evaluations( 10000 )

// ... OpenCL-specific directives
#atf::ocl::input scalar<int>(M)
#atf::ocl::input scalar<int>(K)
#atf::ocl::input buffer<float>(M * N)
#atf::ocl::global_size M
#atf::ocl::local_size MDIMC

// CLBlast's OpenCL GEMM kernel
__kernel void XgemmDirectTN( int m, int k, __global float *c )
{ c[get_global_id(0)] = m * k * VWM + MWG; }
