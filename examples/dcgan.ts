# DCGAN as in the PyTorch examples (Radford et al., "Unsupervised
# Representation Learning with Deep Convolutional Generative Adversarial
# Networks"): a generator of transposed convolutions from a 100-d noise
# vector to a 64x64 image, and a discriminator of strided convolutions
# with leaky ReLU, both with batch norm and the tutorial's weights_init.
#
# The bench exports both at once: a generated image and the
# discriminator's score of it (netD(netG(noise)), the training step's
# forward pass).
#
# tsc2onnx: --dynamic noise:0=N
# example: noise=randn(1,100,1,1)
# inputs: noise=randn(2,100,1,1)
# opsets: 11 15 17
import torch
import torch.nn as nn

nc = 3      # channels of the images
nz = 100    # size of the latent vector
ngf = 64    # width of the generator's feature maps
ndf = 64    # width of the discriminator's feature maps


def weights_init(m):
    # the paper's initialization: N(0, 0.02) convolutions, N(1, 0.02)
    # batch-norm scales
    classname = m.__class__.__name__
    if classname.find('Conv') != -1:
        nn.init.normal_(m.weight.data, 0.0, 0.02)
    elif classname.find('BatchNorm') != -1:
        nn.init.normal_(m.weight.data, 1.0, 0.02)
        nn.init.constant_(m.bias.data, 0)


class Generator(nn.Module):
    def __init__(self, ngpu):
        super(Generator, self).__init__()
        self.ngpu = ngpu
        self.main = nn.Sequential(
            # the noise, as nz x 1 x 1
            nn.ConvTranspose2d(nz, ngf * 8, 4, 1, 0, bias=False),
            nn.BatchNorm2d(ngf * 8),
            nn.ReLU(True),
            # now (ngf*8) x 4 x 4
            nn.ConvTranspose2d(ngf * 8, ngf * 4, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ngf * 4),
            nn.ReLU(True),
            # now (ngf*4) x 8 x 8
            nn.ConvTranspose2d(ngf * 4, ngf * 2, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ngf * 2),
            nn.ReLU(True),
            # now (ngf*2) x 16 x 16
            nn.ConvTranspose2d(ngf * 2, ngf, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ngf),
            nn.ReLU(True),
            # now (ngf) x 32 x 32
            nn.ConvTranspose2d(ngf, nc, 4, 2, 1, bias=False),
            nn.Tanh()
            # now (nc) x 64 x 64
        )

    def forward(self, input):
        if input.is_cuda and self.ngpu > 1:
            output = nn.parallel.data_parallel(self.main, input, range(self.ngpu))
        else:
            output = self.main(input)
        return output


class Discriminator(nn.Module):
    def __init__(self, ngpu):
        super(Discriminator, self).__init__()
        self.ngpu = ngpu
        self.main = nn.Sequential(
            # an image, nc x 64 x 64
            nn.Conv2d(nc, ndf, 4, 2, 1, bias=False),
            nn.LeakyReLU(0.2, inplace=True),
            # now (ndf) x 32 x 32
            nn.Conv2d(ndf, ndf * 2, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ndf * 2),
            nn.LeakyReLU(0.2, inplace=True),
            # now (ndf*2) x 16 x 16
            nn.Conv2d(ndf * 2, ndf * 4, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ndf * 4),
            nn.LeakyReLU(0.2, inplace=True),
            # now (ndf*4) x 8 x 8
            nn.Conv2d(ndf * 4, ndf * 8, 4, 2, 1, bias=False),
            nn.BatchNorm2d(ndf * 8),
            nn.LeakyReLU(0.2, inplace=True),
            # now (ndf*8) x 4 x 4
            nn.Conv2d(ndf * 8, 1, 4, 1, 0, bias=False),
            nn.Sigmoid()
        )

    def forward(self, input):
        if input.is_cuda and self.ngpu > 1:
            output = nn.parallel.data_parallel(self.main, input, range(self.ngpu))
        else:
            output = self.main(input)

        return output.view(-1, 1).squeeze(1)


class GAN(nn.Module):
    """The generator followed by the discriminator, both initialized with
    weights_init as the example's training script does."""

    def __init__(self, ngpu: int = 1):
        super().__init__()
        self.netG = Generator(ngpu)
        self.netG.apply(weights_init)
        self.netD = Discriminator(ngpu)
        self.netD.apply(weights_init)

    def forward(self, noise):
        fake = self.netG(noise)
        return fake, self.netD(fake)


# The test bench also runs this model with these option sets:
# variants: --opset 9 | --trace --no-params
