// Ranked, unranked, rank-0, dynamic and size-0 tensors.
%0:6 = "test.tensors"() : () -> (tensor<4xf32>, tensor<4x?xf32>, tensor<*xf32>, tensor<f32>, tensor<0x3xi8>, tensor<?x?x?xi1>)
%1 = "test.tensor_of_vector"() : () -> tensor<2xvector<4xf32>>
%2 = "test.tensor_of_complex"() : () -> tensor<3xcomplex<f64>>
%3 = "test.tensor_encoding"() : () -> tensor<8xf32, "sparse">
"test.use"(%0#2, %1, %2, %3) : (tensor<*xf32>, tensor<2xvector<4xf32>>, tensor<3xcomplex<f64>>, tensor<8xf32, "sparse">) -> ()
